// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.ui.jcef;
public final class JBCefJSQuery implements com.intellij.openapi.Disposable {
  public static JBCefJSQuery create(JBCefBrowserBase browser) { throw new UnsupportedOperationException("stub"); }
  public void addHandler(java.util.function.Function<? super String, ? extends Response> handler) {
    throw new UnsupportedOperationException("stub");
  }
  public String inject(String queryResult) { throw new UnsupportedOperationException("stub"); }
  public void dispose() { throw new UnsupportedOperationException("stub"); }
  public static class Response {
    public Response(String response) {}
    public Response(String response, int errCode, String errMsg) {}
  }
}
