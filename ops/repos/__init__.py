"""The operator tools' repository: the database as a whole (its catalogue, whole-table copies).
As in service/storage/repos/, the only place in ops/ with SQL."""
