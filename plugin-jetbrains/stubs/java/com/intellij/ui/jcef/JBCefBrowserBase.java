// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.ui.jcef;
public abstract class JBCefBrowserBase implements com.intellij.openapi.Disposable {
  public org.cef.browser.CefBrowser getCefBrowser() { throw new UnsupportedOperationException("stub"); }
  public javax.swing.JComponent getComponent() { throw new UnsupportedOperationException("stub"); }
  public void loadHTML(String html, String url) { throw new UnsupportedOperationException("stub"); }
  public void dispose() { throw new UnsupportedOperationException("stub"); }
}
