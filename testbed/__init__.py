"""What the tests and the benchmarks both run on: a real PostgreSQL server (postgres), the
shared recorded games (shared_games), lines of orders written from them (corpus), and a fleet
of service processes on one database (fleet). Neither the tests nor bench/ own it; nothing
shipped imports it."""
