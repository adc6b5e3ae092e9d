// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.notification;
public abstract class NotificationAction extends com.intellij.openapi.actionSystem.AnAction {
  public static NotificationAction createSimpleExpiring(String text, Runnable action) {
    throw new UnsupportedOperationException("stub");
  }
}
