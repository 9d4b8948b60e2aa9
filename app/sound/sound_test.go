package sound

import (
	"encoding/binary"
	"testing"
)

func TestSynth(t *testing.T) {
	const rate = 44100
	for _, tc := range []struct {
		s        Sound
		seconds  float64 // length: the last note's end plus 20 ms
		loudFrom float64 // a time in seconds where the sound is still clearly audible
	}{
		{Move, 0.11, 0.01},
		{Capture, 0.19, 0.06},
		{Check, 0.38, 0.25},
		{End, 0.92, 0.45},
	} {
		pcm := Synth(tc.s, rate, 1)
		if got, want := len(pcm)/4, int(tc.seconds*rate); got < want-1 || got > want+1 {
			t.Errorf("%s: %d frames, want %d", tc.s, got, want)
		}
		peak := 0
		at := int(tc.loudFrom * rate)
		for i := at; i < at+rate/100 && 4*i+4 <= len(pcm); i++ {
			l := int(int16(binary.LittleEndian.Uint16(pcm[4*i:])))
			r := int(int16(binary.LittleEndian.Uint16(pcm[4*i+2:])))
			if l != r {
				t.Fatalf("%s: left %d and right %d differ at frame %d", tc.s, l, r, i)
			}
			peak = max(peak, l, -l)
		}
		if peak < 2000 {
			t.Errorf("%s: peak %d at %.2f s, want an audible note", tc.s, peak, tc.loudFrom)
		}
		last := int(int16(binary.LittleEndian.Uint16(pcm[len(pcm)-4:])))
		if last > 50 || last < -50 {
			t.Errorf("%s: ends at %d, want silence", tc.s, last)
		}
	}
	if Synth(None, rate, 1) != nil {
		t.Error("None made a sound")
	}
}
