/// The Gregorian calendar's month lengths: the one date rule the MRZ and AAMVA code share
/// (each keeps its own date formats: `YYMMDD` with a century window, and the AAMVA
/// `MMDDCCYY` / `CCYYMMDD` orders).
public enum Gregorian {
    /// Whether year/month/day name a real day.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= daysIn(month: month, year: year)
    }

    /// Days in `month` (1–12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
