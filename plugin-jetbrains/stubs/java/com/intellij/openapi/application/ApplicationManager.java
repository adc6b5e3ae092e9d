// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.openapi.application;
public class ApplicationManager {
  public static Application getApplication() {
    throw new UnsupportedOperationException("stub");
  }
}
