"""Training the learned players offline: the evolved discarder, the strategy weights and
their pegging statistics, and the expert's tables (``cribbage train``). What a player loads
and computes while playing is ``ai.tables``."""
