//go:build !js

package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// generate writes the static site into -out.
func generate() {
	out := flag.String("out", "", "directory to write the static site into")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/bare -out DIR")
		os.Exit(2)
	}
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "bare:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	h := &app.Handler{
		Name:        "bare",
		Title:       "bare go-app page",
		Description: "The floor of a go-app page, for the benchmark.",
		Version:     "bench", // a fixed service-worker cache name
		// Local icons: go-app's defaults are remote URLs.
		Icon: app.Icon{
			Default:  "/web/icon.png",
			Large:    "/web/icon.png",
			Maskable: "/web/icon.png",
			SVG:      "/web/icon.svg",
		},
	}
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		return err
	}
	web := filepath.Join(dir, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		return err
	}
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#2d6cdf"/></svg>` + "\n"
	if err := os.WriteFile(filepath.Join(web, "icon.svg"), []byte(svg), 0o644); err != nil {
		return err
	}
	return writePNG(filepath.Join(web, "icon.png"), 192)
}

// writePNG writes a plain size×size square.
func writePNG(name string, size int) error {
	img := image.NewPaletted(image.Rect(0, 0, size, size), color.Palette{color.RGBA{0x2d, 0x6c, 0xdf, 0xff}})
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
