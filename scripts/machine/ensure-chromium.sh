#!/usr/bin/env bash
# Playwright cannot download its own browser on our machines (no network but the npm registry and
# Debian's apt), so the end-to-end suite drives Debian's Chromium. Installs it when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: install Debian's package with 'sudo apt-get install -y chromium', then run the tests again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
