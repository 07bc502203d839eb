/// Word lists shared by every nationality: time zones, usernames and passwords.
enum RandomUserWords {
    static let timezones: [(offset: String, description: String)] = [
        ("-12:00", "Eniwetok, Kwajalein"),
        ("-11:00", "Midway Island, Samoa"),
        ("-10:00", "Hawaii"),
        ("-9:00", "Alaska"),
        ("-8:00", "Pacific Time (US & Canada)"),
        ("-7:00", "Mountain Time (US & Canada)"),
        ("-6:00", "Central Time (US & Canada), Mexico City"),
        ("-5:00", "Eastern Time (US & Canada), Bogota, Lima"),
        ("-4:00", "Atlantic Time (Canada), Caracas, La Paz"),
        ("-3:30", "Newfoundland"),
        ("-3:00", "Brazil, Buenos Aires, Georgetown"),
        ("-1:00", "Azores, Cape Verde Islands"),
        ("0:00", "Western Europe Time, London, Lisbon, Casablanca"),
        ("+1:00", "Brussels, Copenhagen, Madrid, Paris"),
        ("+2:00", "Kaliningrad, South Africa"),
        ("+3:00", "Baghdad, Riyadh, Moscow, St. Petersburg"),
        ("+3:30", "Tehran"),
        ("+4:00", "Abu Dhabi, Muscat, Baku, Tbilisi"),
        ("+5:30", "Bombay, Calcutta, Madras, New Delhi"),
        ("+7:00", "Bangkok, Hanoi, Jakarta"),
        ("+8:00", "Beijing, Perth, Singapore, Hong Kong"),
        ("+9:00", "Tokyo, Seoul, Osaka, Sapporo, Yakutsk"),
        ("+9:30", "Adelaide, Darwin"),
        ("+10:00", "Eastern Australia, Guam, Vladivostok"),
        ("+12:00", "Auckland, Wellington, Fiji, Kamchatka"),
    ]

    static let adjectives = [
        "yellow", "silver", "brave", "lazy", "happy", "tiny", "crazy", "heavy", "orange", "purple",
        "blue", "red", "green", "black", "white", "sad", "angry", "quick", "ticklish", "beautiful",
    ]

    static let animals = [
        "peacock", "koala", "tiger", "rabbit", "lion", "swan", "bird", "frog", "goose", "leopard",
        "butterfly", "elephant", "fish", "gorilla", "ladybug", "panda", "wolf", "snake", "dog", "bear",
    ]

    static let passwords = [
        "addison", "sunshine", "dragon", "butter", "monkey", "shadow", "master", "qwerty", "soccer", "hockey",
        "orange", "cookie", "summer", "winter", "pepper", "trustno1", "letmein", "ranger", "thunder", "pumpkin",
        "banana", "coffee", "flower", "iceman", "jasmine", "kitten", "lemon", "marble", "nugget", "pirate",
    ]

    static let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
}
