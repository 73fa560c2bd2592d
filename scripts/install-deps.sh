#!/usr/bin/env bash
# Installs the packages Understudy needs, only those missing: Debian's with apt-get, or on a Mac
# Homebrew's (the Debian names mapped to Homebrew's). Idempotent and non-interactive.
# Usage: scripts/install-deps.sh [extra packages…]
#   scripts/install-deps.sh            # build and test: libmicrohttpd-dev, libgnutls28-dev, libyaml-dev, libhiredis-dev, zlib1g-dev, libbrotli-dev, pkg-config
#   scripts/install-deps.sh wrk nginx  # plus the benchmark tools
set -euo pipefail

packages=(libmicrohttpd-dev libgnutls28-dev libyaml-dev libhiredis-dev zlib1g-dev libbrotli-dev pkg-config "$@")

if [ "$(uname -s)" = Darwin ]; then
    # Homebrew's name for each Debian package; empty: macOS (or Xcode's command-line tools) has it already.
    brew_name() {
        case "$1" in
            libmicrohttpd-dev) echo libmicrohttpd ;;
            libgnutls28-dev) echo gnutls ;;
            libyaml-dev) echo libyaml ;;
            libhiredis-dev) echo hiredis ;;
            zlib1g-dev) echo "" ;;      # macOS has zlib
            libbrotli-dev) echo brotli ;;
            redis-server) echo redis ;;
            pkg-config) echo pkgconf ;;
            python3 | procps | gcc | fonts-dejavu-core) echo "" ;;   # python3, ps and cc come with macOS / Xcode
            chromium) echo "" ;;   # a cask, not installed for you: `brew install --cask chromium` runs the browser test
            zbar-tools) echo zbar ;;     # zbarimg, which reads back the dashboard's QR code
            libnss3-tools) echo nss ;;   # certutil, which puts the development CA in Chromium's NSS database
            *) echo "$1" ;;        # wrk, nginx: the same name
        esac
    }
    if ! command -v brew >/dev/null 2>&1; then
        echo "install-deps: Homebrew is needed on macOS (https://brew.sh), then run this again" >&2
        exit 1
    fi
    missing=()
    for package in "${packages[@]}"; do
        name=$(brew_name "$package")
        [ -z "$name" ] && continue
        brew list --versions "$name" >/dev/null 2>&1 || missing+=("$name")
    done
    [ ${#missing[@]} -eq 0 ] && exit 0
    echo "install-deps: brew install ${missing[*]}" >&2
    HOMEBREW_NO_AUTO_UPDATE=1 brew install --quiet "${missing[@]}"
    exit 0
fi

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
