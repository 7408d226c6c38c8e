"""Repositories: one module per aggregate, and the only place with SQL. Each function takes an
open connection (inside `Database.transaction()` or `Database.read()`)."""
