// A small C API over zxing-cpp 1.4 (C++), so that Swift can call it without C++ interop.
#ifndef CZXING_H
#define CZXING_H
#ifdef __cplusplus
extern "C" {
#endif

/// One decoded symbol. `format` is the symbology's name as the JSON contract spells it
/// ("PDF417", "QRCode", ..., "Unknown"; a static string, not to be freed): the one mapping
/// from zxing-cpp's formats, in czxing.cpp.  `bytes` is the exact payload (not
/// character-set converted); corners are x,y pairs clockwise from top-left.
typedef struct {
    const char *format;
    unsigned char *bytes;
    int length;
    /// The content as UTF-8, converted by zxing-cpp per the symbol's ECI / character set.
    char *text;
    int corners[8];
} czx_result;

/// Decodes every symbol of the given formats (names as in czx_result, comma-separated:
/// "PDF417" or "PDF417,QRCode") in an 8-bit grey image.  Returns the number of results
/// written to *results (free them with czx_free), -1 if zxing-cpp threw, or -2 if a
/// format name is unknown.
int czx_read(const unsigned char *gray, int width, int height, int stride, const char *formats,
             int try_harder, int try_rotate, czx_result **results);

void czx_free(czx_result *results, int count);

/// Renders `length` bytes (taken as ISO-8859-1, so any byte survives) as a PDF417 symbol
/// into a newly allocated 8-bit image (free with czx_free_image).  `width`/`height` are
/// the minimum size; returns 0 on success.
int czx_write_pdf417(const unsigned char *bytes, int length, int width, int height, int margin, int ecc_level,
                     unsigned char **pixels, int *out_width, int *out_height);
/// Like czx_write_pdf417 for the one format named `format_name` (our name for it, e.g.
/// "QRCode", "DataMatrix", "Aztec"); -1 for an unknown name or content that does not fit.
int czx_write(const char *format_name, const unsigned char *bytes, int length, int width, int height, int margin, int ecc_level,
              unsigned char **pixels, int *out_width, int *out_height);

void czx_free_image(unsigned char *pixels);

#ifdef __cplusplus
}
#endif
#endif
