/// A licensing jurisdiction: state, province, territory or federal issuer.
public struct Jurisdiction: Sendable, Equatable, Codable {
    /// `CA`, `ON`, `US-DOS`, `COA`, ...
    public let code: String
    /// ICAO 9303 country code: `USA`, `CAN` or `MEX`.
    public let country: String
}

/// Issuer Identification Numbers (AAMVA IIN registry, ../shared/aamva/STANDARD_NOTES.md §6).
public enum IINRegistry {
    public static let jurisdictions: [String: Jurisdiction] = [
        "604426": Jurisdiction(code: "PE", country: "CAN"),
        "604427": Jurisdiction(code: "AS", country: "USA"),
        "604428": Jurisdiction(code: "QC", country: "CAN"),
        "604429": Jurisdiction(code: "YT", country: "CAN"),
        "604430": Jurisdiction(code: "MP", country: "USA"),
        "604431": Jurisdiction(code: "PR", country: "USA"),
        "604432": Jurisdiction(code: "AB", country: "CAN"),
        "604433": Jurisdiction(code: "NU", country: "CAN"),
        "604434": Jurisdiction(code: "NT", country: "CAN"),
        "636000": Jurisdiction(code: "VA", country: "USA"),
        "636001": Jurisdiction(code: "NY", country: "USA"),
        "636002": Jurisdiction(code: "MA", country: "USA"),
        "636003": Jurisdiction(code: "MD", country: "USA"),
        "636004": Jurisdiction(code: "NC", country: "USA"),
        "636005": Jurisdiction(code: "SC", country: "USA"),
        "636006": Jurisdiction(code: "CT", country: "USA"),
        "636007": Jurisdiction(code: "LA", country: "USA"),
        "636008": Jurisdiction(code: "MT", country: "USA"),
        "636009": Jurisdiction(code: "NM", country: "USA"),
        "636010": Jurisdiction(code: "FL", country: "USA"),
        "636011": Jurisdiction(code: "DE", country: "USA"),
        "636012": Jurisdiction(code: "ON", country: "CAN"),
        "636013": Jurisdiction(code: "NS", country: "CAN"),
        "636014": Jurisdiction(code: "CA", country: "USA"),
        "636015": Jurisdiction(code: "TX", country: "USA"),
        "636016": Jurisdiction(code: "NL", country: "CAN"),
        "636017": Jurisdiction(code: "NB", country: "CAN"),
        "636018": Jurisdiction(code: "IA", country: "USA"),
        "636019": Jurisdiction(code: "GU", country: "USA"),
        "636020": Jurisdiction(code: "CO", country: "USA"),
        "636021": Jurisdiction(code: "AR", country: "USA"),
        "636022": Jurisdiction(code: "KS", country: "USA"),
        "636023": Jurisdiction(code: "OH", country: "USA"),
        "636024": Jurisdiction(code: "VT", country: "USA"),
        "636025": Jurisdiction(code: "PA", country: "USA"),
        "636026": Jurisdiction(code: "AZ", country: "USA"),
        "636027": Jurisdiction(code: "US-DOS", country: "USA"),
        "636028": Jurisdiction(code: "BC", country: "CAN"),
        "636029": Jurisdiction(code: "OR", country: "USA"),
        "636030": Jurisdiction(code: "MO", country: "USA"),
        "636031": Jurisdiction(code: "WI", country: "USA"),
        "636032": Jurisdiction(code: "MI", country: "USA"),
        "636033": Jurisdiction(code: "AL", country: "USA"),
        "636034": Jurisdiction(code: "ND", country: "USA"),
        "636035": Jurisdiction(code: "IL", country: "USA"),
        "636036": Jurisdiction(code: "NJ", country: "USA"),
        "636037": Jurisdiction(code: "IN", country: "USA"),
        "636038": Jurisdiction(code: "MN", country: "USA"),
        "636039": Jurisdiction(code: "NH", country: "USA"),
        "636040": Jurisdiction(code: "UT", country: "USA"),
        "636041": Jurisdiction(code: "ME", country: "USA"),
        "636042": Jurisdiction(code: "SD", country: "USA"),
        "636043": Jurisdiction(code: "DC", country: "USA"),
        "636044": Jurisdiction(code: "SK", country: "CAN"),
        "636045": Jurisdiction(code: "WA", country: "USA"),
        "636046": Jurisdiction(code: "KY", country: "USA"),
        "636047": Jurisdiction(code: "HI", country: "USA"),
        "636048": Jurisdiction(code: "MB", country: "CAN"),
        "636049": Jurisdiction(code: "NV", country: "USA"),
        "636050": Jurisdiction(code: "ID", country: "USA"),
        "636051": Jurisdiction(code: "MS", country: "USA"),
        "636052": Jurisdiction(code: "RI", country: "USA"),
        "636053": Jurisdiction(code: "TN", country: "USA"),
        "636054": Jurisdiction(code: "NE", country: "USA"),
        "636055": Jurisdiction(code: "GA", country: "USA"),
        "636056": Jurisdiction(code: "COA", country: "MEX"),
        "636057": Jurisdiction(code: "HID", country: "MEX"),
        "636058": Jurisdiction(code: "OK", country: "USA"),
        "636059": Jurisdiction(code: "AK", country: "USA"),
        "636060": Jurisdiction(code: "WY", country: "USA"),
        "636061": Jurisdiction(code: "WV", country: "USA"),
        "636062": Jurisdiction(code: "VI", country: "USA"),
        "990876": Jurisdiction(code: "AB", country: "CAN"),
    ]

    /// Canadian province and territory codes, to tell the country from `DAJ` alone.
    static let canadianCodes: Set<String> = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]

    /// The jurisdiction of an IIN, or `nil` when it is not in the registry.
    public static func jurisdiction(iin: String) -> Jurisdiction? { jurisdictions[iin] }
}
