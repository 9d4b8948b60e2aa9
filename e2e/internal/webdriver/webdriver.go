// Package webdriver drives WebKitGTK's MiniBrowser through WebKitWebDriver, a W3C WebDriver
// server (JSON over HTTP). It starts the server and an Xvfb display for it, opens a session and
// offers the few commands qipan's browser tests use. It is a small client, not a complete one.
package webdriver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Session is an open WebDriver session.
type Session struct {
	base string // http://127.0.0.1:port/session/id
}

// Error is an error the WebDriver server answered with.
type Error struct {
	Command string
	Code    string `json:"error"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Command + ": " + e.Code + ": " + e.Message }

// call sends one command and decodes the answer's "value" into result (unless nil).
func call(ctx context.Context, method, url string, body, result any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var answer struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		return fmt.Errorf("%s %s: %d %q", method, url, resp.StatusCode, b)
	}
	if resp.StatusCode != http.StatusOK {
		e := &Error{Command: method + " " + url}
		json.Unmarshal(answer.Value, e)
		return e
	}
	if result != nil {
		return json.Unmarshal(answer.Value, result)
	}
	return nil
}

// NewSession opens a session on the WebDriver server at server (http://host:port) with the
// given capabilities (W3C "alwaysMatch").
func NewSession(ctx context.Context, server string, capabilities map[string]any) (*Session, map[string]any, error) {
	var r struct {
		SessionID    string         `json:"sessionId"`
		Capabilities map[string]any `json:"capabilities"`
	}
	err := call(ctx, http.MethodPost, server+"/session", map[string]any{
		"capabilities": map[string]any{"alwaysMatch": capabilities}}, &r)
	if err != nil {
		return nil, nil, err
	}
	return &Session{base: server + "/session/" + r.SessionID}, r.Capabilities, nil
}

// Navigate loads url and waits for it to load.
func (s *Session) Navigate(ctx context.Context, url string) error {
	return call(ctx, http.MethodPost, s.base+"/url", map[string]string{"url": url}, nil)
}

// Eval evaluates a JavaScript expression in the page, awaits it if it is a promise, and returns
// its value as JSON.
func (s *Session) Eval(ctx context.Context, expr string) (json.RawMessage, error) {
	var v *string
	err := call(ctx, http.MethodPost, s.base+"/execute/sync", map[string]any{
		"script": "return (async () => JSON.stringify(await (" + expr + ")) ?? \"null\")()",
		"args":   []any{},
	}, &v)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return json.RawMessage("null"), nil
	}
	return json.RawMessage(*v), nil
}

// Perform runs W3C input actions (pointer and key sources), then releases them.
func (s *Session) Perform(ctx context.Context, actions []map[string]any) error {
	if err := call(ctx, http.MethodPost, s.base+"/actions", map[string]any{"actions": actions}, nil); err != nil {
		return err
	}
	return call(ctx, http.MethodDelete, s.base+"/actions", nil, nil)
}

// Screenshot returns a PNG of the page's viewport.
func (s *Session) Screenshot(ctx context.Context) ([]byte, error) {
	var b64 string
	if err := call(ctx, http.MethodGet, s.base+"/screenshot", nil, &b64); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

// SetWindowRect sizes the browser's window (its outer size).
func (s *Session) SetWindowRect(ctx context.Context, width, height int) error {
	return call(ctx, http.MethodPost, s.base+"/window/rect", map[string]int{"width": width, "height": height}, nil)
}

// Delete ends the session (the browser closes).
func (s *Session) Delete(ctx context.Context) error {
	return call(ctx, http.MethodDelete, s.base, nil, nil)
}

// Process is a program the package started (Xvfb, WebKitWebDriver).
type Process struct {
	cmd    *exec.Cmd
	exited chan struct{}
}

func start(cmd *exec.Cmd) (*Process, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &Process{cmd: cmd, exited: make(chan struct{})}
	go func() { cmd.Wait(); close(p.exited) }()
	return p, nil
}

// Stop ends the program: SIGTERM, then SIGKILL after a few seconds.
func (p *Process) Stop() {
	p.cmd.Process.Signal(os.Interrupt)
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// Xvfb starts a virtual X display of the given size and returns it with its name (":N"),
// chosen by Xvfb itself (-displayfd), so that it never collides with a display in use.
func Xvfb(ctx context.Context, binary string, width, height int, log io.Writer) (*Process, string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, "", err
	}
	defer r.Close()
	cmd := exec.Command(binary, "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", width, height), "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stdout, cmd.Stderr = log, log
	p, err := start(cmd)
	w.Close()
	if err != nil {
		return nil, "", err
	}
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case d := <-got:
		if _, err := strconv.Atoi(d); err != nil {
			p.Stop()
			return nil, "", fmt.Errorf("%s gave no display number (%q)", binary, d)
		}
		return p, ":" + d, nil
	case <-ctx.Done():
		p.Stop()
		return nil, "", fmt.Errorf("waiting for %s: %w", binary, ctx.Err())
	}
}

// Driver starts a WebDriver server binary (WebKitWebDriver) on a free local port with the given
// environment added, waits until it answers /status, and returns it with its address.
func Driver(ctx context.Context, binary string, env []string, log io.Writer) (*Process, string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(binary, "--host=127.0.0.1", "--port="+strconv.Itoa(port))
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = log, log
	p, err := start(cmd)
	if err != nil {
		return nil, "", err
	}
	server := "http://127.0.0.1:" + strconv.Itoa(port)
	for {
		var st struct {
			Ready bool `json:"ready"`
		}
		c, cancel := context.WithTimeout(ctx, time.Second)
		err := call(c, http.MethodGet, server+"/status", nil, &st)
		cancel()
		if err == nil && st.Ready {
			return p, server, nil
		}
		select {
		case <-p.exited:
			return nil, "", fmt.Errorf("%s exited: %v", binary, p.cmd.ProcessState)
		case <-ctx.Done():
			p.Stop()
			return nil, "", errors.Join(fmt.Errorf("waiting for %s to answer", binary), err, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}
