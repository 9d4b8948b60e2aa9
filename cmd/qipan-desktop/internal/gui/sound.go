package gui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/audio"

	"qipan/app/sound"
)

const sampleRate = 44100

// sounds plays the board's sound effects, synthesised once from app/play's tones.
type sounds struct {
	ctx *audio.Context
	pcm map[sound.Sound][]byte
}

func newSounds() *sounds {
	s := &sounds{ctx: audio.NewContext(sampleRate), pcm: map[sound.Sound][]byte{}}
	for k := range sound.Tones {
		s.pcm[k] = sound.Synth(k, sampleRate, 0.6)
	}
	return s
}

func (s *sounds) play(k sound.Sound) {
	if pcm := s.pcm[k]; pcm != nil {
		s.ctx.NewPlayerFromBytes(pcm).Play()
	}
}

// audioDevice reports whether an audio device is likely there. Ebiten ends the game with an
// error when its audio context cannot open a device, so on Linux (where a machine, a
// container or a CI runner often has none) sound is used only when ALSA lists a card or a
// PulseAudio/PipeWire socket exists.
func audioDevice() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	if data, err := os.ReadFile("/proc/asound/cards"); err == nil && !strings.Contains(string(data), "no soundcards") && strings.TrimSpace(string(data)) != "" {
		return true
	}
	if os.Getenv("PULSE_SERVER") != "" {
		return true
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		for _, s := range []string{"pulse/native", "pipewire-0"} {
			if _, err := os.Stat(filepath.Join(dir, s)); err == nil {
				return true
			}
		}
	}
	return false
}
