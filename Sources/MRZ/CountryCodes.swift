/// Country and organisation codes of ICAO 9303 part 3 (ISO 3166-1 alpha-3 plus the
/// codes ICAO adds).  An unknown code is a warning, never a failed check.
public enum CountryCodes {
    /// ISO 3166-1 alpha-3 codes.
    static let iso3166: [String] = [
        "ABW", "AFG", "AGO", "AIA", "ALA", "ALB", "AND", "ARE", "ARG", "ARM", "ASM", "ATA", "ATF", "ATG", "AUS", "AUT",
        "AZE", "BDI", "BEL", "BEN", "BES", "BFA", "BGD", "BGR", "BHR", "BHS", "BIH", "BLM", "BLR", "BLZ", "BMU", "BOL",
        "BRA", "BRB", "BRN", "BTN", "BVT", "BWA", "CAF", "CAN", "CCK", "CHE", "CHL", "CHN", "CIV", "CMR", "COD", "COG",
        "COK", "COL", "COM", "CPV", "CRI", "CUB", "CUW", "CXR", "CYM", "CYP", "CZE", "DEU", "DJI", "DMA", "DNK", "DOM",
        "DZA", "ECU", "EGY", "ERI", "ESH", "ESP", "EST", "ETH", "FIN", "FJI", "FLK", "FRA", "FRO", "FSM", "GAB", "GBR",
        "GEO", "GGY", "GHA", "GIB", "GIN", "GLP", "GMB", "GNB", "GNQ", "GRC", "GRD", "GRL", "GTM", "GUF", "GUM", "GUY",
        "HKG", "HMD", "HND", "HRV", "HTI", "HUN", "IDN", "IMN", "IND", "IOT", "IRL", "IRN", "IRQ", "ISL", "ISR", "ITA",
        "JAM", "JEY", "JOR", "JPN", "KAZ", "KEN", "KGZ", "KHM", "KIR", "KNA", "KOR", "KWT", "LAO", "LBN", "LBR", "LBY",
        "LCA", "LIE", "LKA", "LSO", "LTU", "LUX", "LVA", "MAC", "MAF", "MAR", "MCO", "MDA", "MDG", "MDV", "MEX", "MHL",
        "MKD", "MLI", "MLT", "MMR", "MNE", "MNG", "MNP", "MOZ", "MRT", "MSR", "MTQ", "MUS", "MWI", "MYS", "MYT", "NAM",
        "NCL", "NER", "NFK", "NGA", "NIC", "NIU", "NLD", "NOR", "NPL", "NRU", "NZL", "OMN", "PAK", "PAN", "PCN", "PER",
        "PHL", "PLW", "PNG", "POL", "PRI", "PRK", "PRT", "PRY", "PSE", "PYF", "QAT", "REU", "ROU", "RUS", "RWA", "SAU",
        "SDN", "SEN", "SGP", "SGS", "SHN", "SJM", "SLB", "SLE", "SLV", "SMR", "SOM", "SPM", "SRB", "SSD", "STP", "SUR",
        "SVK", "SVN", "SWE", "SWZ", "SXM", "SYC", "SYR", "TCA", "TCD", "TGO", "THA", "TJK", "TKL", "TKM", "TLS", "TON",
        "TTO", "TUN", "TUR", "TUV", "TWN", "TZA", "UGA", "UKR", "UMI", "URY", "USA", "UZB", "VAT", "VCT", "VEN", "VGB",
        "VIR", "VNM", "VUT", "WLF", "WSM", "YEM", "ZAF", "ZMB", "ZWE",
    ]

    /// Codes that ICAO 9303 part 3 adds: Germany's `D`, British nationality classes,
    /// United Nations and stateless codes, the EU, organisations, the specimen state `UTO`
    /// and historical codes still found on valid documents.
    static let icaoAdditions: [String] = [
        "D", "GBD", "GBN", "GBO", "GBP", "GBS", "UNA", "UNK", "UNO", "XXA", "XXB", "XXC", "XXX", "EUE", "RKS", "XOM",
        "XPO", "XBA", "XIM", "XCC", "XCE", "XCO", "XEC", "XES", "XMP", "UTO", "ANT", "NTZ", "ZIM", "XDC",
    ]

    /// One flag per possible code: three positions of A–Z or `<` (27³ entries), so a lookup
    /// is an index, not a hash.
    private static let table: [Bool] = {
        var table = [Bool](repeating: false, count: 27 * 27 * 27)
        for code in iso3166 + icaoAdditions {
            var bytes = Array(code.utf8)
            while bytes.count < 3 { bytes.append(MRZCharset.filler) }
            table[index(bytes[...])!] = true
        }
        return table
    }()

    private static func index(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = 0
        for b in bytes {
            let digit: Int
            if b == MRZCharset.filler { digit = 26 } else if MRZCharset.isLetter(b) { digit = Int(b - 65) } else { return nil }
            index = index * 27 + digit
        }
        return index
    }

    /// Whether a code (`D`, or as printed with fillers, `D<<`) is a known code.
    public static func isKnown(_ code: String) -> Bool {
        var bytes = Array(code.utf8)
        guard (1...3).contains(bytes.count) else { return false }
        while bytes.count < 3 { bytes.append(MRZCharset.filler) }
        return isKnown(bytes: bytes[...])
    }

    /// Whether three printed characters form a known code.
    static func isKnown(bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 3, let i = index(bytes) else { return false }
        return table[i]
    }
}
