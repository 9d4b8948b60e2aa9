package webdriver

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakeServer answers as a WebDriver server does: a session, then each command's canned answer
// (status and body) by method and path; it keeps the last request body.
func fakeServer(t *testing.T, answers map[string][2]string) (url string, last *string) {
	t.Helper()
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		a, ok := answers[r.Method+" "+r.URL.Path]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"value":{"error":"unknown command","message":"`+r.URL.Path+`"}}`)
			return
		}
		w.WriteHeader(map[string]int{"200": 200, "500": 500, "404": 404}[a[0]])
		io.WriteString(w, a[1])
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &body
}

func TestSession(t *testing.T) {
	ctx := context.Background()
	url, last := fakeServer(t, map[string][2]string{
		"POST /session":                 {"200", `{"value":{"sessionId":"s1","capabilities":{"browserVersion":"2.50"}}}`},
		"POST /session/s1/url":          {"200", `{"value":null}`},
		"POST /session/s1/execute/sync": {"200", `{"value":"[1,\"二\"]"}`},
		"GET /session/s1/screenshot":    {"200", `{"value":"iVBORw=="}`},
		"POST /session/s1/actions":      {"500", `{"value":{"error":"invalid argument","message":"bad action"}}`},
		"DELETE /session/s1":            {"200", `not json`},
		"POST /session/s1/window/rect":  {"200", `{"value":{"width":1280}}`},
	})
	s, caps, err := NewSession(ctx, url, map[string]any{"browserName": "MiniBrowser"})
	if err != nil {
		t.Fatal(err)
	}
	if caps["browserVersion"] != "2.50" {
		t.Errorf("capabilities %v", caps)
	}
	if !strings.Contains(*last, `"alwaysMatch":{"browserName":"MiniBrowser"}`) {
		t.Errorf("new session sent %s", *last)
	}
	if err := s.Navigate(ctx, "http://x/"); err != nil || *last != `{"url":"http://x/"}` {
		t.Errorf("navigate: %v, sent %s", err, *last)
	}
	v, err := s.Eval(ctx, "f()")
	if err != nil || string(v) != `[1,"二"]` {
		t.Errorf("eval: %s, %v", v, err)
	}
	var sent struct{ Script string }
	json.Unmarshal([]byte(*last), &sent)
	if !strings.Contains(sent.Script, "JSON.stringify(await (f()))") {
		t.Errorf("eval sent the script %q", sent.Script)
	}
	if png, err := s.Screenshot(ctx); err != nil || len(png) != 4 {
		t.Errorf("screenshot: %v, %v", png, err)
	}
	var e *Error
	if err := s.Perform(ctx, nil); !errors.As(err, &e) || e.Code != "invalid argument" || e.Message != "bad action" {
		t.Errorf("actions: %v, want the server's invalid argument", err)
	}
	if err := s.SetWindowRect(ctx, 1280, 900); err != nil {
		t.Errorf("window rect: %v", err)
	}
	if err := s.Delete(ctx); err == nil || !strings.Contains(err.Error(), "not json") {
		t.Errorf("delete answered with no JSON: %v, want an error quoting the answer", err)
	}
}
