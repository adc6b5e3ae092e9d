// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.openapi.diagnostic;
public abstract class Logger {
  public static Logger getInstance(Class<?> cl) { throw new UnsupportedOperationException("stub"); }
  public abstract void info(String message);
  public abstract void warn(String message);
  public abstract void warn(String message, Throwable t);
}
