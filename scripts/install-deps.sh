#!/usr/bin/env bash
# Installs the Debian packages Understudy needs, only those missing.
# Idempotent and non-interactive. Usage: scripts/install-deps.sh [extra packages…]
#   scripts/install-deps.sh            # build and test: libmicrohttpd-dev, libyaml-dev, pkg-config
#   scripts/install-deps.sh wrk nginx  # plus the benchmark tools
set -euo pipefail

packages=(libmicrohttpd-dev libyaml-dev pkg-config "$@")
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing ${missing[*]} and no apt-get here; install them with your package manager" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "install-deps: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
