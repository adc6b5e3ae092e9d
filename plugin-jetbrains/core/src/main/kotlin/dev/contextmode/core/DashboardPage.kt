package dev.contextmode.core

import java.io.File

/**
 * The document JCEF loads: the shared dashboard bundle's `index.html` with the bridge script first in `<head>` (so
 * `window.contextModeBridge` exists before the bundle picks its transport), `data-transport="jetbrains"` on
 * `<body>`, and the page's Content-Security-Policy widened by exactly one nonce for that inline script. Without a
 * bundle (a build that shipped none) a plain page shows the messages, so the window is never blank.
 */
object DashboardPage {
    fun html(bridgeScript: String, bundleDir: File, nonce: String): String {
        require(Regex("^[A-Za-z0-9]{16,64}$").matches(nonce)) { "nonce must be 16–64 letters or digits" }
        val script = "<script nonce=\"$nonce\">$bridgeScript</script>"
        val index = File(bundleDir, "index.html")
        if (!index.isFile) {
            return """<!DOCTYPE html><html><head><meta charset="utf-8">$script</head><body data-transport="jetbrains">
<pre id="app">Loading context-mode…</pre>
<script nonce="$nonce">window.contextModeReceive = function (json) {
  document.getElementById('app').textContent = JSON.stringify(JSON.parse(json), null, 2);
};
window.contextModeBridge.send(JSON.stringify({ type: 'refresh' }));</script></body></html>"""
        }
        var page = index.readText()
        page = page.replace(Regex("(script-src)([^;\"]*)")) {
            "${it.groupValues[1]}${it.groupValues[2]} 'nonce-$nonce'"
        }
        val head = Regex("(?i)<head[^>]*>").find(page)
        page = if (head == null) script + page else page.replaceRange(head.range.last + 1, head.range.last + 1, script)
        page = page.replace(Regex("(?i)<body([^>]*?)\\sdata-transport=\"[^\"]*\"")) { "<body${it.groupValues[1]}" }
        return page.replace(Regex("(?i)<body(\\s|>)")) { "<body data-transport=\"jetbrains\"${it.groupValues[1]}" }
    }
}
