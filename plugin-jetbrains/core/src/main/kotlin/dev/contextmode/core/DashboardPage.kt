package dev.contextmode.core

import java.io.File

/**
 * The document JCEF loads: the shared dashboard bundle's `index.html` with the bridge script placed first in
 * `<head>` (so `window.ctxBridge` exists before the bundle runs) and `data-transport="jetbrains"` on `<body>`.
 * Without a bundle (a build that shipped none) a plain page shows the state JSON, so the window is never blank.
 */
object DashboardPage {
    fun html(bridgeScript: String, bundleDir: File): String {
        val index = File(bundleDir, "index.html")
        val script = "<script>$bridgeScript</script>"
        if (index.isFile) {
            val page = index.readText()
            val withScript = Regex("(?i)<head[^>]*>").find(page)?.let { page.replaceRange(it.range.last + 1, it.range.last + 1, script) } ?: (script + page)
            return withScript.replace(Regex("(?i)<body(\\s|>)")) { "<body data-transport=\"jetbrains\"${it.groupValues[1]}" }
        }
        return """<!DOCTYPE html><html><head><meta charset="utf-8">$script</head><body data-transport="jetbrains">
<pre id="app">Loading context-mode…</pre>
<script>window.addEventListener('message', function (e) { document.getElementById('app').textContent = JSON.stringify(e.data, null, 2); });
window.ctxBridge.post({ type: 'refresh' });</script></body></html>"""
    }
}
