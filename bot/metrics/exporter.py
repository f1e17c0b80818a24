"""The Prometheus endpoint: ``GET /metrics`` on the event loop's own aiohttp server (the library
discord.py already uses), so that a scrape reads the tables on the loop's thread, never while a
table changes under it."""

from __future__ import annotations

from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.aiohttp import make_aiohttp_handler

PATH = "/metrics"


async def serve_metrics(registry: CollectorRegistry, address: str, port: int) -> web.AppRunner:
    """Serve ``registry`` at ``http://address:port/metrics``; the runner, to be cleaned up.
    Raises OSError when the port cannot be bound (taken, or not allowed)."""
    app = web.Application()
    app.router.add_get(PATH, make_aiohttp_handler(registry))
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    try:
        await web.TCPSite(runner, address, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner
