# Sourced by run-bot.sh and run-tests.sh: the project's virtual environment, made the first time.
# STICKEM_VENV chooses another one (default: .venv in the project folder).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${STICKEM_VENV:-$root/.venv}"
if [ ! -x "$venv/bin/python" ]; then
    echo "Creating the virtual environment $venv (once)..." >&2
    python3 -m venv "$venv"
fi
python="$venv/bin/python"
