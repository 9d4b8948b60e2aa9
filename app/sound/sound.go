// Package sound holds the board's sound effects: what a move sounds like (Sound), each
// effect's notes (Tones, played by the web board with WebAudio) and their synthesis as PCM
// (Synth, for the desktop).
package sound

import "math"

// Sound is what a move sounds like.
type Sound string

const (
	None    Sound = ""
	Move    Sound = "move"
	Capture Sound = "capture"
	Check   Sound = "check"
	End     Sound = "end"     // the move ended the game
	LowTime Sound = "lowtime" // a clock has 60, 30 or 10 seconds left
)

// Tone is one oscillator note of a sound effect, as the web board plays it with WebAudio: a
// wave ("sine", "triangle", "square") whose pitch glides from Freq to Freq2 (0: steady), with a
// 5 ms attack to Gain and an exponential fall over Dur seconds, starting Offset seconds in.
type Tone struct {
	Wave              string
	Freq, Freq2       float64
	Gain, Offset, Dur float64
}

// Tones are the sound effects' notes: the web board plays them with WebAudio, the desktop
// synthesises them (Synth).
var Tones = map[Sound][]Tone{
	// A wooden click: a short low triangle with a falling pitch.
	Move: {{"triangle", 520, 180, 0.5, 0, 0.09}},
	// Two pieces knocking: a lower, louder double click.
	Capture: {{"triangle", 420, 120, 0.7, 0, 0.1}, {"square", 260, 90, 0.18, 0.05, 0.12}},
	// Check: two bright beeps.
	Check: {{"triangle", 520, 180, 0.4, 0, 0.08}, {"sine", 988, 0, 0.3, 0.08, 0.12}, {"sine", 988, 0, 0.3, 0.22, 0.14}},
	// The game ends: a falling-then-rising three-note figure.
	End: {{"sine", 784, 0, 0.3, 0, 0.22}, {"sine", 659, 0, 0.3, 0.2, 0.22}, {"sine", 523, 0, 0.35, 0.4, 0.5}},
	// Time is short: three quick high ticks.
	LowTime: {{"square", 1318, 0, 0.12, 0, 0.05}, {"square", 1318, 0, 0.12, 0.12, 0.05}, {"square", 1318, 0, 0.12, 0.24, 0.05}},
}

// Synth renders sound s as 16-bit little-endian stereo PCM at rate samples a second, the way
// WebAudio plays Tones (exponential ramps from and to 0.0001), scaled by volume (0..1). It
// returns nil for None.
func Synth(s Sound, rate int, volume float64) []byte {
	ts := Tones[s]
	if len(ts) == 0 {
		return nil
	}
	end := 0.0
	for _, t := range ts {
		end = max(end, t.Offset+t.Dur+0.02)
	}
	n := int(end * float64(rate))
	mix := make([]float64, n)
	const floor, attack = 0.0001, 0.005
	for _, t := range ts {
		phase := 0.0
		start := int(t.Offset * float64(rate))
		for i := start; i < n; i++ {
			at := float64(i-start) / float64(rate)
			if at > t.Dur {
				break
			}
			f := t.Freq
			if t.Freq2 > 0 {
				f = t.Freq * math.Pow(t.Freq2/t.Freq, at/t.Dur)
			}
			var g float64
			if at < attack {
				g = floor * math.Pow(t.Gain/floor, at/attack)
			} else {
				g = t.Gain * math.Pow(floor/t.Gain, (at-attack)/(t.Dur-attack))
			}
			phase += f / float64(rate)
			phase -= math.Floor(phase)
			mix[i] += g * wave(t.Wave, phase)
		}
	}
	out := make([]byte, 4*n)
	for i, v := range mix {
		v = max(-1, min(1, v*volume))
		s := uint16(int16(v * 32767))
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(s), byte(s>>8), byte(s), byte(s>>8)
	}
	return out
}

// wave is one period of the named wave at phase 0..1.
func wave(kind string, phase float64) float64 {
	switch kind {
	case "square":
		if phase < 0.5 {
			return 1
		}
		return -1
	case "triangle":
		return 1 - 4*math.Abs(phase-0.5)
	}
	return math.Sin(2 * math.Pi * phase)
}
