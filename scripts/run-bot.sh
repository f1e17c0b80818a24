#!/usr/bin/env bash
# Install the bot (into .venv of the project, made the first time; again only when pyproject.toml
# changed) and run it from the current folder, which is where it reads .env and keeps its data.
# Without a DISCORD_TOKEN it explains how to get one and where to put it, and exits with code 2.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
install_project
exec "$python" -m bot "$@"
