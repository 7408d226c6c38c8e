"""The operator tools' repository: the database as a whole (its catalogue, whole-table copies).
As in service/repos/, the only place in ops/ with SQL."""
