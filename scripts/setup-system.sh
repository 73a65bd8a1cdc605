#!/usr/bin/env bash
# The Debian packages the tests need, installed when missing, so that the README's commands pass as
# written on a fresh machine (npm runs this before `npm run test:system`, `test:asmx`, `test:gsoap` and `test:clients`):
# - chromium (with --chromium): the HTML report's browser test (test/cli/report-browser.test.ts, driven by
#   playwright-core, which downloads no browser); TSIWS_CHROMIUM names another binary instead;
# - default-jre-headless (with --java): Allure's command line (allure-commandline, a Java program) reads
#   the --allure results in test/report/foreign/allure.test.ts;
# - mono-devel (with --asmx): npm run test:asmx serves the contract on Mono's System.Web.Services;
# - gsoap, libgsoap-dev and g++ (with --gsoap): npm run test:gsoap builds a gSOAP 2.8 service from
#   wsdl/tsiWS.wsdl (wsdl2h, soapcpp2) and serves it;
# - with --clients, the real clients of npm run test:clients (scripts/clients/): python3-zeep for
#   /usr/bin/python3, mono-devel (wsdl, mcs, mono), gsoap, libgsoap-dev and g++, and curl.
# Options may be combined (CI passes them all).
# Nothing is installed when everything is there; elsewhere than Debian it says what to install.
set -euo pipefail
need=()
for option in "$@"; do
  case "$option" in
    --chromium) if [ -z "${TSIWS_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then need+=(chromium); fi ;;
    --java) if ! command -v java >/dev/null; then need+=(default-jre-headless); fi ;;
    --asmx) if ! command -v mono >/dev/null || ! command -v mcs >/dev/null; then need+=(mono-devel); fi ;;
    --gsoap)
      if ! command -v wsdl2h >/dev/null || ! command -v soapcpp2 >/dev/null; then need+=(gsoap); fi
      if [ ! -f /usr/include/stdsoap2.h ]; then need+=(libgsoap-dev); fi
      if ! command -v g++ >/dev/null; then need+=(g++); fi ;;
    --clients)
      if ! /usr/bin/python3 -c 'import zeep' 2>/dev/null; then need+=(python3-zeep); fi
      if ! command -v mono >/dev/null || ! command -v mcs >/dev/null || ! command -v wsdl >/dev/null; then need+=(mono-devel); fi
      if ! command -v wsdl2h >/dev/null || ! command -v soapcpp2 >/dev/null; then need+=(gsoap); fi
      if [ ! -f /usr/include/stdsoap2.h ]; then need+=(libgsoap-dev); fi
      if ! command -v g++ >/dev/null; then need+=(g++); fi
      if ! command -v curl >/dev/null; then need+=(curl); fi ;;
    *) echo "setup: unknown option $option (known: --chromium, --java, --asmx, --gsoap, --clients)" >&2; exit 2 ;;
  esac
done
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if ! command -v apt-get >/dev/null; then
  echo "setup: the tests need ${need[*]}; install them with your package manager (or set TSIWS_CHROMIUM to a Chromium binary)" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${need[*]} with apt-get, needed by the tests (scripts/setup-system.sh)" >&2
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
