"""Finished games looked back at: /history's pages and /replay's steps (ids, paging, messages)."""
