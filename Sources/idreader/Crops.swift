import CommandLineDeclarations
import DocumentModel
import Foundation
import IDReader
import Imaging

/// `read --crop DIR`: each document read, straightened, written as `DIR/NAME-document.png`,
/// and its portrait, where found, as `DIR/NAME-portrait.png`; their paths put into the
/// result's `location.crops`.
struct CropWriter: Sendable {
    let directory: String
    let names: AnnotationNames

    /// The folder made, and proven writable, before any read; a usage error otherwise.
    static func prepare(_ directory: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return "idreader: --crop cannot create the directory '\(shown(directory))'; give a directory you can write to.\n"
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            return "idreader: --crop cannot write in '\(shown(directory))'; give a directory you can write to.\n"
        }
        return nil
    }

    /// `result` with the crops of its documents written, straightened from `image`, the
    /// picture the read decoded (`DocumentReader.readKeepingPicture`); a crop that cannot
    /// be written keeps its path `null`.
    func write(_ result: ReadResult, image: GrayImage?) -> ReadResult {
        guard !result.documents.isEmpty, let image else { return result }
        let base = (names.file(for: result.input) as NSString).deletingPathExtension
        var documents = result.documents
        for index in documents.indices {
            guard let straightened = DocumentCrop.straightened(documents[index], in: image), let png = straightened.pngData() else { continue }
            let file = (directory as NSString).appendingPathComponent("\(base)-document\(index == 0 ? "" : "-\(index + 1)").png")
            let written = FileManager.default.createFile(atPath: file, contents: Data(png))
            var portraitFile: String? = nil
            if let portrait = DocumentCrop.portrait(documents[index], in: image), let portraitPNG = portrait.pngData() {
                let path = (directory as NSString).appendingPathComponent("\(base)-portrait\(index == 0 ? "" : "-\(index + 1)").png")
                if FileManager.default.createFile(atPath: path, contents: Data(portraitPNG)) { portraitFile = path }
            }
            documents[index].location?.crops = CropFiles(document: written ? file : nil, portrait: portraitFile)
        }
        return ReadResult(input: result.input, documents: documents, error: result.error, diagnostics: result.diagnostics)
    }
}
