// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.notification;
public class Notification {
  public Notification addAction(com.intellij.openapi.actionSystem.AnAction action) {
    throw new UnsupportedOperationException("stub");
  }
  public void notify(com.intellij.openapi.project.Project project) { throw new UnsupportedOperationException("stub"); }
  public void expire() { throw new UnsupportedOperationException("stub"); }
}
