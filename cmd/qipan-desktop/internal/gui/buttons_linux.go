//go:build linux && !android

package gui

/*
typedef struct GLFWwindow GLFWwindow;
extern GLFWwindow* glfwGetCurrentContext(void);
extern void glfwSetInputMode(GLFWwindow* window, int mode, int value);

// GLFW_STICKY_MOUSE_BUTTONS, GLFW_TRUE (glfw3.h).
static void qipanStickyButtons(void) {
	GLFWwindow* w = glfwGetCurrentContext();
	if (w) glfwSetInputMode(w, 0x00033003, 1);
}
*/
import "C"

// stickyButtons turns GLFW's sticky mouse buttons on for Ebiten's window: a press is then
// seen by the next poll even when the button was released before it (a quick click, a
// touchpad's tap, within one frame). Ebiten turns them off in FPSModeVsyncOffMinimum, and
// such clicks were lost. It runs on the thread whose context is the window's: Update in
// single-thread mode.
func stickyButtons() { C.qipanStickyButtons() }
