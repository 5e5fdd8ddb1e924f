"""The models scope's answers: properties decided by SAT queries
(``deciding``), models counted without listing them (``counting``), or
gone through one by one (``listing``) — as tasks (``tasks``) run and merged
(``run``)."""
