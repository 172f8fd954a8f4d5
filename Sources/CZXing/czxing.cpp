// text() returns UTF-8 std::string with this defined (zxing-cpp 1.4 transition switch)
#define ZX_USE_UTF8 1
#include "czxing.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/CharacterSet.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>

#include <string>

namespace {

// The one table between zxing-cpp's formats and our names for them: the raw values of
// BarcodeFormat in Swift (IDCommon), the names of the JSON contract.
struct FormatName {
    ZXing::BarcodeFormat format;
    const char *name;
};
const FormatName kFormatNames[] = {
    {ZXing::BarcodeFormat::Aztec, "Aztec"},       {ZXing::BarcodeFormat::Codabar, "Codabar"},
    {ZXing::BarcodeFormat::Code39, "Code39"},     {ZXing::BarcodeFormat::Code93, "Code93"},
    {ZXing::BarcodeFormat::Code128, "Code128"},   {ZXing::BarcodeFormat::DataBar, "DataBar"},
    {ZXing::BarcodeFormat::DataBarExpanded, "DataBarExpanded"},
    {ZXing::BarcodeFormat::DataMatrix, "DataMatrix"},
    {ZXing::BarcodeFormat::EAN8, "EAN8"},         {ZXing::BarcodeFormat::EAN13, "EAN13"},
    {ZXing::BarcodeFormat::ITF, "ITF"},           {ZXing::BarcodeFormat::MaxiCode, "MaxiCode"},
    {ZXing::BarcodeFormat::PDF417, "PDF417"},     {ZXing::BarcodeFormat::QRCode, "QRCode"},
    {ZXing::BarcodeFormat::UPCA, "UPCA"},         {ZXing::BarcodeFormat::UPCE, "UPCE"},
    {ZXing::BarcodeFormat::MicroQRCode, "MicroQRCode"},
};

const char *NameOf(ZXing::BarcodeFormat format) {
    for (const auto &entry : kFormatNames)
        if (entry.format == format) return entry.name;
    return "Unknown";
}

// The formats named in a comma-separated list; false if a name is not in the table.
bool FormatsNamed(const char *names, ZXing::BarcodeFormats *formats) {
    std::string list = names ? names : "";
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        const std::string name = list.substr(start, end - start);
        bool known = false;
        for (const auto &entry : kFormatNames) {
            if (name == entry.name) {
                *formats |= entry.format;
                known = true;
            }
        }
        if (!known) return false;
        start = end + 1;
    }
    return true;
}

}  // namespace

extern "C" int czx_read(const unsigned char *gray, int width, int height, int stride, const char *formats,
                        int try_harder, int try_rotate, czx_result **results) {
    *results = nullptr;
    ZXing::BarcodeFormats wanted;
    if (!FormatsNamed(formats, &wanted)) return -2;
    try {
        ZXing::ImageView image(gray, width, height, ZXing::ImageFormat::Lum, stride, 1);
        ZXing::DecodeHints hints;
        hints.setFormats(wanted);
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
            out[i].format = NameOf(r.format());
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
    return czx_write("PDF417", bytes, length, width, height, margin, ecc_level, pixels, out_width, out_height);
}

extern "C" int czx_write(const char *format_name, const unsigned char *bytes, int length, int width, int height, int margin,
                         int ecc_level, unsigned char **pixels, int *out_width, int *out_height) {
    *pixels = nullptr;
    ZXing::BarcodeFormats formats;
    if (!FormatsNamed(format_name, &formats) || formats.count() != 1) return -1;
    try {
        std::wstring contents;
        contents.reserve(length);
        for (int i = 0; i < length; i++) contents.push_back(static_cast<wchar_t>(bytes[i]));
        ZXing::MultiFormatWriter writer(*formats.begin());
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
