#!/usr/bin/env bash
# Installs the Debian 12 packages the build, the tests and the game need.
# Idempotent: does nothing when everything is already there.
set -euo pipefail
pkgs=(build-essential g++ clang cmake ninja-build pkg-config git
      libsdl2-dev libsdl2-ttf-dev libimgui-dev libstb-dev nlohmann-json3-dev
      libcli11-dev libfmt-dev libasio-dev libgtest-dev libgmock-dev libbenchmark-dev libbox2d-dev help2man
      libclang-rt-14-dev clang-format xvfb xauth
      libavcodec-dev libavformat-dev libswscale-dev ffmpeg libsqlite3-dev
      python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-distributed
      python3-matplotlib python3-venv python3-pip python3-setuptools python3-wheel python3-mypy
      python3-torch)
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
