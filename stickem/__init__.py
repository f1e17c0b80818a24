"""Stick'em game engine: cards, rules, game state, views and events. No Discord here."""
