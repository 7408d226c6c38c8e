"""Time: the injected clock, times as people type them, when deadlines fall, the
scheduler's alarms, the deadline pass and its error boundary."""
