#!/usr/bin/env bash
# Installs Debian's Chromium for the real-browser tests of runtime/web
# (driven from Go with chromedp), unless a Chromium is already on PATH.
# The tests fail under CI=true when no browser is found.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
echo "ci: installing chromium (Debian) for the browser tests"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
chromium --version
