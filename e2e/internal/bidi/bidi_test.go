package bidi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// fakeFirefox answers BiDi commands as Firefox does, but out of order: it reads two commands,
// sends an event, then answers the second before the first. "fail" gets an error answer.
func fakeFirefox(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx := r.Context()
		for {
			var cmds []map[string]any
			for range 2 {
				_, b, err := ws.Read(ctx)
				if err != nil {
					return
				}
				var c map[string]any
				json.Unmarshal(b, &c)
				cmds = append(cmds, c)
			}
			ws.Write(ctx, websocket.MessageText, []byte(`{"type":"event","method":"log.entryAdded","params":{}}`))
			for i := len(cmds) - 1; i >= 0; i-- {
				c := cmds[i]
				var answer map[string]any
				if c["method"] == "fail" {
					answer = map[string]any{"type": "error", "id": c["id"], "error": "no such frame", "message": "gone"}
				} else {
					answer = map[string]any{"type": "success", "id": c["id"], "result": map[string]any{"echo": c["params"]}}
				}
				b, _ := json.Marshal(answer)
				ws.Write(ctx, websocket.MessageText, b)
			}
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http")
}

func TestCallMatchesAnswersByID(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Dial(ctx, fakeFirefox(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tests := []struct {
		method, param, want, wantErr string
	}{
		{"first", "one", "one", ""},
		{"fail", "x", "", "fail: no such frame: gone"},
		{"second", "two", "two", ""},
		{"third", "三", "三", ""},
	}
	var wg sync.WaitGroup
	for _, tt := range tests {
		wg.Go(func() {
			var r struct {
				Echo struct{ P string } `json:"echo"`
			}
			err := c.Call(ctx, tt.method, map[string]string{"p": tt.param}, &r)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Errorf("%s: error %v, want %q", tt.method, err, tt.wantErr)
				}
				return
			}
			if err != nil || r.Echo.P != tt.want {
				t.Errorf("%s: %q, %v; want %q", tt.method, r.Echo.P, err, tt.want)
			}
		})
	}
	wg.Wait()
}

func TestCallAfterClose(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Dial(ctx, fakeFirefox(t))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if err := c.Call(ctx, "first", nil, nil); err == nil {
		t.Error("a call on a closed connection succeeded")
	}
}
