package i18n

// The strings of the colour settings (app/views/colour.go).
// colourMessages are this file's texts, a map of its own (see sources).
var colourMessages = map[string]map[string]string{
	LangEN: {
		"colour.label":    "Colours",
		"stretch.label":   "Stretch each row",
		"stretch.title":   "Colour each row of the large heatmap from its smallest weight to its largest, to see the order within rows of small weights; the numbers stay the true weights",
		"stretch.low":     "row min",
		"stretch.high":    "row max",
		"stretch.caption": "Colours stretched row by row: in each row the smallest weight is dark and the largest bright. The numbers and tooltips are the true weights.",
		"contrast.label":  "High contrast",
		"contrast.title":  "Black and white text and lines, thicker borders and focus rings (also when the system asks for more contrast)",
	},
	LangZH: {
		"colour.label":    "颜色",
		"stretch.label":   "逐行拉伸颜色",
		"stretch.title":   "大热图的每一行从该行最小的权重到最大的权重着色，便于看清小权重之间的大小顺序；数字仍是真实的权重",
		"stretch.low":     "行最小",
		"stretch.high":    "行最大",
		"stretch.caption": "颜色逐行拉伸：每一行中最小的权重最暗，最大的最亮。数字和提示框中是真实的权重。",
		"contrast.label":  "高对比度",
		"contrast.title":  "黑白文字和线条，更粗的边框和焦点框（系统要求更高对比度时也会启用）",
	},
}
