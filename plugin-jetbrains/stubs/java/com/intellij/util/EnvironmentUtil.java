// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.util;
public final class EnvironmentUtil {
  public static java.util.Map<String, String> getEnvironmentMap() {
    throw new UnsupportedOperationException("stub");
  }
}
