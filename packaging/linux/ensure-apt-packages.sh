#!/usr/bin/env bash
# ensure-apt-packages.sh STAMP PACKAGE...: install the Debian packages that are missing (as root
# or through sudo without a password) and touch STAMP once all of them are installed. Without
# root or sudo it names the missing packages and the command to install them, leaves STAMP
# alone and fails. Without apt-get (not Debian/Ubuntu) it says so and leaves STAMP alone.
set -euo pipefail
stamp=$1
shift
if ! command -v apt-get >/dev/null 2>&1; then
  echo "note: no apt-get here; make sure the equivalents of these are installed: $*" >&2
  exit 0
fi
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
  else
    echo "missing system packages: ${missing[*]}" >&2
    echo "install them with:" >&2
    echo "  sudo apt-get install --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "installing system packages: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi
mkdir -p "$(dirname "$stamp")"
touch "$stamp"
