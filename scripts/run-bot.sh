#!/usr/bin/env bash
# Install the bot (into .venv of the project, made the first time) and run it from the current folder,
# which is where it reads .env and keeps its data. Without a DISCORD_TOKEN it explains how to get
# one and where to put it, and exits with code 2.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
"$python" -m pip install --quiet --disable-pip-version-check -e "$root"
exec "$python" -m bot "$@"
