// text() returns UTF-8 std::string with this defined (zxing-cpp 1.4 transition switch)
#define ZX_USE_UTF8 1
#include "czxing.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/CharacterSet.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>

extern "C" int czx_read(const unsigned char *gray, int width, int height, int stride, int formats,
                        int try_harder, int try_rotate, czx_result **results) {
    *results = nullptr;
    try {
        ZXing::ImageView image(gray, width, height, ZXing::ImageFormat::Lum, stride, 1);
        ZXing::DecodeHints hints;
        hints.setFormats(static_cast<ZXing::BarcodeFormat>(formats));
        hints.setTryHarder(try_harder != 0);
        hints.setTryRotate(try_rotate != 0);
        auto found = ZXing::ReadBarcodes(image, hints);
        int count = 0;
        for (const auto &r : found) if (r.isValid()) count++;
        if (count == 0) return 0;
        auto *out = static_cast<czx_result *>(std::calloc(count, sizeof(czx_result)));
        if (!out) return -1;
        int i = 0;
        for (const auto &r : found) {
            if (!r.isValid()) continue;
            const auto &bytes = r.bytes();
            out[i].format = static_cast<int>(r.format());
            out[i].length = static_cast<int>(bytes.size());
            out[i].bytes = static_cast<unsigned char *>(std::malloc(bytes.size() + 1));
            if (out[i].bytes && !bytes.empty()) std::memcpy(out[i].bytes, bytes.data(), bytes.size());
            const std::string text = r.text();
            out[i].text = static_cast<char *>(std::malloc(text.size() + 1));
            if (out[i].text) std::memcpy(out[i].text, text.c_str(), text.size() + 1);
            const auto &p = r.position();
            for (int k = 0; k < 4; k++) {
                out[i].corners[2 * k] = p[k].x;
                out[i].corners[2 * k + 1] = p[k].y;
            }
            i++;
        }
        *results = out;
        return count;
    } catch (...) {
        return -1;
    }
}

extern "C" void czx_free(czx_result *results, int count) {
    if (!results) return;
    for (int i = 0; i < count; i++) { std::free(results[i].bytes); std::free(results[i].text); }
    std::free(results);
}

extern "C" int czx_write_pdf417(const unsigned char *bytes, int length, int width, int height, int margin, int ecc_level,
                                unsigned char **pixels, int *out_width, int *out_height) {
    *pixels = nullptr;
    try {
        std::wstring contents;
        contents.reserve(length);
        for (int i = 0; i < length; i++) contents.push_back(static_cast<wchar_t>(bytes[i]));
        ZXing::MultiFormatWriter writer(ZXing::BarcodeFormat::PDF417);
        writer.setMargin(margin).setEncoding(ZXing::CharacterSet::ISO8859_1);
        if (ecc_level >= 0) writer.setEccLevel(ecc_level);
        auto matrix = ZXing::ToMatrix<uint8_t>(writer.encode(contents, width, height));
        auto *out = static_cast<unsigned char *>(std::malloc(matrix.size()));
        if (!out) return -1;
        std::memcpy(out, matrix.data(), matrix.size());
        *pixels = out;
        *out_width = matrix.width();
        *out_height = matrix.height();
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" void czx_free_image(unsigned char *pixels) { std::free(pixels); }
