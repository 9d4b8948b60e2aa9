// Package bidi drives Firefox over WebDriver BiDi (a JSON protocol on a WebSocket): it starts
// firefox-esr with a fresh profile, opens a session and offers the few commands qipan's browser
// tests use. It is a small client, not a complete one.
package bidi

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Conn is a WebDriver BiDi connection: commands are sent with increasing ids and their answers
// matched by id; events are dropped (the tests poll the page instead).
type Conn struct {
	ws      *websocket.Conn
	mu      sync.Mutex
	next    int
	pending map[int]chan message
	closed  chan struct{}
	err     error // why the reader stopped, set before closed is closed
}

// message is any message Firefox sends: an answer (id, and a result or an error) or an event.
type message struct {
	Type    string          `json:"type"`
	ID      int             `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

// Dial connects to a BiDi endpoint (ws://host:port/session).
func Dial(ctx context.Context, url string) (*Conn, error) {
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(64 << 20) // screenshots come back as base64 in one message
	c := &Conn{ws: ws, pending: map[int]chan message{}, closed: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *Conn) read() {
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			c.err = err
			close(c.closed)
			return
		}
		var m message
		if err := json.Unmarshal(b, &m); err != nil || m.Type == "event" {
			continue
		}
		c.mu.Lock()
		ch := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	}
}

// Call sends a command and decodes its result into result (unless nil).
func (c *Conn) Call(ctx context.Context, method string, params, result any) error {
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan message, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	b, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return err
	}
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Type == "error" {
			return fmt.Errorf("%s: %s: %s", method, m.Error, m.Message)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-c.closed:
		return fmt.Errorf("%s: connection closed: %w", method, c.err)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Close closes the connection.
func (c *Conn) Close() error { return c.ws.CloseNow() }

// Firefox is a running Firefox with a BiDi session and the browsing context (tab) it drives.
type Firefox struct {
	*Conn
	Version string
	context string
	cmd     *exec.Cmd
	exited  chan struct{}
}

// Options say how to start Firefox.
type Options struct {
	Binary  string         // firefox-esr or another Firefox
	Profile string         // an empty directory for a fresh profile
	Prefs   map[string]any // written to the profile's user.js, over the defaults
	Width   int            // the viewport, in CSS pixels
	Height  int
	Log     io.Writer // Firefox's own output (nil: dropped)
}

// defaultPrefs keep a test profile quiet on a closed network: no first-run pages, updates,
// telemetry or remote settings.
var defaultPrefs = map[string]any{
	"browser.shell.checkDefaultBrowser":          false,
	"browser.startup.homepage_override.mstone":   "ignore",
	"browser.startup.page":                       0,
	"browser.aboutwelcome.enabled":               false,
	"datareporting.policy.dataSubmissionEnabled": false,
	"datareporting.healthreport.uploadEnabled":   false,
	"toolkit.telemetry.reportingpolicy.firstRun": false,
	"app.update.disabledForTesting":              true,
	"app.update.auto":                            false,
	"extensions.update.enabled":                  false,
	"extensions.autoDisableScopes":               10,
	"browser.safebrowsing.malware.enabled":       false,
	"browser.safebrowsing.phishing.enabled":      false,
	"browser.safebrowsing.downloads.enabled":     false,
	"browser.safebrowsing.blockedURIs.enabled":   false,
	"services.settings.server":                   "data:,",
	"network.captive-portal-service.enabled":     false,
	"network.connectivity-service.enabled":       false,
	"browser.newtabpage.enabled":                 false,
	"browser.ping-centre.telemetry":              false,
	"dom.disable_open_during_load":               false,
	"browser.tabs.warnOnClose":                   false,
	"toolkit.startup.max_resumed_crashes":        -1,
	"browser.sessionstore.resume_from_crash":     false,
	"media.autoplay.default":                     0,
	"network.dns.disablePrefetch":                true,
	"browser.translations.automaticallyPopup":    false,
}

// Launch starts Firefox headless on a fresh profile, connects over BiDi, opens a session and
// sizes the first tab's viewport.
func Launch(ctx context.Context, o Options) (*Firefox, error) {
	prefs := map[string]any{}
	for k, v := range defaultPrefs {
		prefs[k] = v
	}
	for k, v := range o.Prefs {
		prefs[k] = v
	}
	var js strings.Builder
	for k, v := range prefs {
		b, _ := json.Marshal(v)
		fmt.Fprintf(&js, "user_pref(%q, %s);\n", k, b)
	}
	if err := os.WriteFile(filepath.Join(o.Profile, "user.js"), []byte(js.String()), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(o.Binary, "--headless", "--no-remote", "--profile", o.Profile,
		"--remote-debugging-port", "0", "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if o.Log != nil {
		cmd.Stdout = o.Log
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	f := &Firefox{cmd: cmd, exited: make(chan struct{})}
	go func() { cmd.Wait(); close(f.exited) }()
	// Firefox says where it listens on stderr: "WebDriver BiDi listening on ws://127.0.0.1:N".
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			if o.Log != nil {
				fmt.Fprintln(o.Log, line)
			}
			if _, url, ok := strings.Cut(line, "WebDriver BiDi listening on "); ok {
				select {
				case found <- strings.TrimSpace(url):
				default:
				}
			}
		}
	}()
	var url string
	select {
	case url = <-found:
	case <-f.exited:
		return nil, fmt.Errorf("%s exited before listening for WebDriver BiDi", o.Binary)
	case <-ctx.Done():
		f.kill()
		return nil, fmt.Errorf("waiting for %s to listen for WebDriver BiDi: %w", o.Binary, ctx.Err())
	}
	if err := f.start(ctx, url, o); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func (f *Firefox) start(ctx context.Context, url string, o Options) error {
	conn, err := Dial(ctx, url+"/session")
	if err != nil {
		return err
	}
	f.Conn = conn
	var s struct {
		Capabilities struct {
			BrowserVersion string `json:"browserVersion"`
		} `json:"capabilities"`
	}
	if err := f.Call(ctx, "session.new", map[string]any{"capabilities": map[string]any{}}, &s); err != nil {
		return err
	}
	f.Version = s.Capabilities.BrowserVersion
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	if err := f.Call(ctx, "browsingContext.getTree", map[string]any{"maxDepth": 0}, &tree); err != nil {
		return err
	}
	if len(tree.Contexts) == 0 {
		return errors.New("browsingContext.getTree: no tab")
	}
	f.context = tree.Contexts[0].Context
	if o.Width > 0 {
		return f.Call(ctx, "browsingContext.setViewport", map[string]any{
			"context": f.context, "viewport": map[string]int{"width": o.Width, "height": o.Height}}, nil)
	}
	return nil
}

// Navigate loads url in the tab and waits for its load event.
func (f *Firefox) Navigate(ctx context.Context, url string) error {
	return f.Call(ctx, "browsingContext.navigate", map[string]any{"context": f.context, "url": url, "wait": "complete"}, nil)
}

// Eval evaluates a JavaScript expression in the tab, awaits it if it is a promise, and returns
// its value as JSON (JSON.stringify of it: BiDi's own serialisation of values is not plain JSON).
func (f *Firefox) Eval(ctx context.Context, expr string) (json.RawMessage, error) {
	var r struct {
		Type   string `json:"type"`
		Result struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"result"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	err := f.Call(ctx, "script.evaluate", map[string]any{
		"expression":   "(async () => JSON.stringify(await (" + expr + ")) ?? \"null\")()",
		"target":       map[string]string{"context": f.context},
		"awaitPromise": true,
	}, &r)
	if err != nil {
		return nil, err
	}
	if r.Type == "exception" {
		return nil, errors.New(r.ExceptionDetails.Text)
	}
	return json.RawMessage(r.Result.Value), nil
}

// Perform runs W3C input actions (pointer and key sources) in the tab, then releases them.
func (f *Firefox) Perform(ctx context.Context, actions []map[string]any) error {
	if err := f.Call(ctx, "input.performActions", map[string]any{"context": f.context, "actions": actions}, nil); err != nil {
		return err
	}
	return f.Call(ctx, "input.releaseActions", map[string]any{"context": f.context}, nil)
}

// Screenshot returns a PNG of the tab's viewport.
func (f *Firefox) Screenshot(ctx context.Context) ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := f.Call(ctx, "browsingContext.captureScreenshot", map[string]any{"context": f.context}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// Close ends the session and Firefox.
func (f *Firefox) Close() error {
	if f.Conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		f.Call(ctx, "browser.close", map[string]any{}, nil)
		cancel()
		f.Conn.Close()
	}
	select {
	case <-f.exited:
	case <-time.After(10 * time.Second):
		f.kill()
	}
	return nil
}

func (f *Firefox) kill() {
	f.cmd.Process.Kill()
	<-f.exited
}
