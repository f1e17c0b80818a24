"""The bot's metrics and health: Prometheus figures on ``METRICS_PORT``, or a health line in the
log every few minutes when that is not set (see :mod:`bot.metrics.monitor`)."""
