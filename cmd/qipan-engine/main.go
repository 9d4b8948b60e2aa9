// Command qipan-engine is qipan's xiangqi and Reversi engine (engine/protocol/variants) as a
// UCCI (and basic UCI) program: it reads protocol lines from stdin and writes answers to
// stdout, one flushed line at a time.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"qipan/engine/protocol"
	"qipan/engine/protocol/variants"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout))
}

// run drives a protocol connection (protocol.Conn) until quit or the end of input. At the end
// of input a running search finishes (an infinite one is stopped), so
// `echo "go depth 6" | qipan-engine` prints its move.
func run(in io.Reader, out io.Writer) int {
	w := bufio.NewWriter(out)
	failed := false
	c := protocol.New(variants.New(), func(line string) {
		_, err := fmt.Fprintln(w, line)
		if err == nil {
			err = w.Flush()
		}
		if err != nil && !failed {
			failed = true
			fmt.Fprintln(os.Stderr, "qipan-engine: writing output:", err)
		}
	})
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		c.Handle(sc.Text())
		select {
		case <-c.Done():
			return 0
		default:
		}
	}
	c.Finish()
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "qipan-engine: reading input:", err)
		return 1
	}
	return 0
}
