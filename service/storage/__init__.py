"""The database: connections (SQLite, PostgreSQL), the migrations runner, and the
repositories (`repos/`, the only place with SQL); engine values rebuilt from stored rows."""
