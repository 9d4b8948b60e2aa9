// Package e2e holds qipan's browser tests: they serve the real static build (QIPAN_STATIC, and
// QIPAN_STATIC_SUBPATH for the /qipan/ build) on localhost and drive it in headless Chromium
// with chromedp, and run the checks of engines_test.go in Firefox (WebDriver BiDi) and
// WebKitGTK (W3C WebDriver). Screenshots and measured figures go to e2e/out/. ./build.sh test
// runs them.
package e2e
