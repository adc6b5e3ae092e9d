// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
package com.intellij.openapi.ui;
public class Messages {
  public static final int YES = 0;
  public static int showYesNoDialog(
      com.intellij.openapi.project.Project project, String message, String title, javax.swing.Icon icon) {
    throw new UnsupportedOperationException("stub");
  }
}
