//go:build linux && !android

package gui

/*
typedef struct GLFWwindow GLFWwindow;
typedef void (*GLFWmousebuttonfun)(GLFWwindow*, int, int, int);
extern GLFWwindow* glfwGetCurrentContext(void);
extern GLFWmousebuttonfun glfwSetMouseButtonCallback(GLFWwindow* window, GLFWmousebuttonfun callback);
extern void glfwGetCursorPos(GLFWwindow* window, double* x, double* y);

typedef struct { int down; double x, y; } qipanButtonEvent;

enum { qipanMaxEvents = 256 };
static qipanButtonEvent qipanEvents[qipanMaxEvents];
static int qipanNEvents;
static GLFWwindow* qipanWindow;

// GLFW_MOUSE_BUTTON_LEFT is 0, GLFW_PRESS 1 (glfw3.h). The pointer's place is where GLFW
// has it as it hands over the event, after the motions before it.
static void qipanButton(GLFWwindow* w, int button, int action, int mods) {
	if (button != 0 || qipanNEvents == qipanMaxEvents) return;
	qipanButtonEvent* e = &qipanEvents[qipanNEvents++];
	e->down = action == 1;
	glfwGetCursorPos(w, &e->x, &e->y);
}

static int qipanListen(void) {
	GLFWwindow* w = glfwGetCurrentContext();
	if (!w) return 0;
	if (w != qipanWindow) {
		glfwSetMouseButtonCallback(w, qipanButton);
		qipanWindow = w;
	}
	return 1;
}

static int qipanTake(qipanButtonEvent* out, int max) {
	int n = qipanNEvents < max ? qipanNEvents : max;
	for (int i = 0; i < n; i++) out[i] = qipanEvents[i];
	qipanNEvents = 0;
	return n;
}
*/
import "C"

import "qipan/app/desktop"

// buttonEvents appends to dst the main button's presses and releases since the last call, in
// order, each where the pointer was; ok is false where they are not known (the caller polls).
//
// Ebiten polls the button's state once a frame, and in FPSModeVsyncOffMinimum it turns
// GLFW's sticky buttons off: a press released before the next poll (a quick click, a
// touchpad's tap) was never seen, and with sticky buttons a poll still read the button down
// after its release, so the next press was no press. GLFW's own callback hears every event.
// It is reached on the thread whose context is the window's: Update in single-thread mode.
// GLFW's window coordinates are the app's pixels (LayoutF draws at the device scale, and
// Ebiten on X11 divides GLFW's by that scale).
func buttonEvents(dst []desktop.PointerEvent) (_ []desktop.PointerEvent, ok bool) {
	if C.qipanListen() == 0 {
		return dst, false
	}
	var evs [C.qipanMaxEvents]C.qipanButtonEvent
	n := int(C.qipanTake(&evs[0], C.qipanMaxEvents))
	for _, e := range evs[:n] {
		dst = append(dst, desktop.PointerEvent{Down: e.down != 0, X: float32(e.x), Y: float32(e.y)})
	}
	return dst, true
}
