extension GrayImage {
    /// The black top-hat by a `width` × `height` brick centred on each pixel (both odd):
    /// the grey closing (the brightest level in the brick, then the darkest of those) less
    /// the image, so that dark print thinner than the brick stands out of its paper.  The
    /// brick is clipped to the image, as Leptonica's `pixTophat(_, _, _, L_TOPHAT_BLACK)`
    /// clips it (its borders are neutral: black for the brightest, white for the darkest),
    /// and the result is Leptonica's pixel for pixel (`GrayMorphologyTests`).
    ///
    /// Done here because Leptonica takes the brick's columns one image column at a time,
    /// across every row: on the stripe and energy looks' working copies that pass was most
    /// of their cost.  Here every pass runs down the columns a whole row at a time
    /// (`slideAlongColumns`), the rows' passes on the image turned over its diagonal.
    public func blackTopHat(width brickWidth: Int, height brickHeight: Int) -> GrayImage {
        precondition(brickWidth % 2 == 1 && brickHeight % 2 == 1, "a centred brick has odd sides")
        let w = width, h = height
        // the brightest in the brick, then the darkest of those; along the rows as down the
        // columns of the image turned over its diagonal, each in either order
        var closed = pixels, across = [UInt8](repeating: 0, count: pixels.count)
        closed.withUnsafeMutableBufferPointer { image in
            across.withUnsafeMutableBufferPointer { turned in
                let image = image.baseAddress!, turned = turned.baseAddress!
                Self.transpose(image, into: turned, width: w, height: h)
                Self.slideAlongColumns(turned, width: h, height: w, window: brickWidth, brightest: true)
                Self.transpose(turned, into: image, width: h, height: w)
                Self.slideAlongColumns(image, width: w, height: h, window: brickHeight, brightest: true)
                Self.slideAlongColumns(image, width: w, height: h, window: brickHeight, brightest: false)
                Self.transpose(image, into: turned, width: w, height: h)
                Self.slideAlongColumns(turned, width: h, height: w, window: brickWidth, brightest: false)
                Self.transpose(turned, into: image, width: h, height: w)
            }
        }
        // a closing is never darker than its image
        var lifted = [UInt8](repeating: 0, count: pixels.count)
        for i in lifted.indices { lifted[i] = closed[i] &- pixels[i] }
        return GrayImage(width: w, height: h, pixels: lifted)
    }

    /// The image with each pixel replaced by the brightest or darkest level among the
    /// `window` pixels of its row centred on it (fewer at the row's ends), for each of
    /// `passes` in turn: a grey dilation (brightest) or erosion along the rows, as
    /// Leptonica's `pixDilateGray` and `pixErodeGray` with a brick one row high.
    public func slidAlongRows(_ passes: [(window: Int, brightest: Bool)]) -> GrayImage {
        precondition(passes.allSatisfy { $0.window % 2 == 1 }, "a centred window has an odd length")
        let w = width, h = height
        var turned = [UInt8](repeating: 0, count: pixels.count), out = turned
        pixels.withUnsafeBufferPointer { image in
            turned.withUnsafeMutableBufferPointer { turned in
                out.withUnsafeMutableBufferPointer { out in
                    Self.transpose(image.baseAddress!, into: turned.baseAddress!, width: w, height: h)
                    for pass in passes {
                        Self.slideAlongColumns(turned.baseAddress!, width: h, height: w, window: pass.window, brightest: pass.brightest)
                    }
                    Self.transpose(turned.baseAddress!, into: out.baseAddress!, width: h, height: w)
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// The `width` × `height` image at `source` turned over its diagonal into `target`
    /// (`height` × `width`), in tiles that stay in the cache.
    static func transpose(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        let tile = 32
        for y0 in stride(from: 0, to: height, by: tile) {
            for x0 in stride(from: 0, to: width, by: tile) {
                for y in y0..<min(height, y0 + tile) {
                    for x in x0..<min(width, x0 + tile) { target[x * height + y] = source[y * width + x] }
                }
            }
        }
    }

    /// Each pixel of the `width` × `height` image at `image` replaced, in place, by the
    /// brightest (or darkest) level among the `window` pixels of its column centred on it
    /// (fewer at the column's ends): van Herk and Gil-Werman's running extremes, three
    /// comparisons a pixel whatever the window, a whole row at a time (so that each step
    /// reads and writes memory in order).
    static func slideAlongColumns(_ image: UnsafeMutablePointer<UInt8>, width: Int, height: Int, window: Int, brightest: Bool) {
        guard window > 1, width > 0, height > 0 else { return }
        let radius = window / 2
        let padded = (height + 2 * radius + window - 1) / window * window
        let neutralRow = [UInt8](repeating: brightest ? 0 : 255, count: width)
        var ahead = [UInt8](repeating: 0, count: padded * width), behind = [UInt8](repeating: 0, count: padded * width)
        neutralRow.withUnsafeBufferPointer { neutral in
            ahead.withUnsafeMutableBufferPointer { ahead in
                behind.withUnsafeMutableBufferPointer { behind in
                    let neutralBase = neutral.baseAddress!, aheadBase = ahead.baseAddress!, behindBase = behind.baseAddress!
                    let source = { (i: Int) -> UnsafePointer<UInt8> in
                        i >= radius && i < radius + height ? UnsafePointer(image + (i - radius) * width) : neutralBase
                    }
                    let aheadRow = { (i: Int) in aheadBase + i * width }
                    let behindRow = { (i: Int) in behindBase + i * width }
                    for start in stride(from: 0, to: padded, by: window) {
                        aheadRow(start).update(from: source(start), count: width)
                        behindRow(start + window - 1).update(from: source(start + window - 1), count: width)
                        for i in (start + 1)..<(start + window) {
                            Self.extreme(aheadRow(i), aheadRow(i - 1), source(i), count: width, brightest: brightest)
                        }
                        for i in stride(from: start + window - 2, through: start, by: -1) {
                            Self.extreme(behindRow(i), behindRow(i + 1), source(i), count: width, brightest: brightest)
                        }
                    }
                    for y in 0..<height {
                        Self.extreme(image + y * width, behindRow(y), aheadRow(y + window - 1), count: width, brightest: brightest)
                    }
                }
            }
        }
    }

    /// `target[i]` = the brighter (or darker) of `a[i]` and `b[i]` for `count` pixels.
    @inline(__always)
    static func extreme(_ target: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int, brightest: Bool) {
        if brightest {
            for i in 0..<count { target[i] = max(a[i], b[i]) }
        } else {
            for i in 0..<count { target[i] = min(a[i], b[i]) }
        }
    }
}
