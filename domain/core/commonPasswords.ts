/**
 * The most common passwords that the length rule alone would let through (8 characters or more), from the
 * published top lists of leaked passwords (international and Chinese sites), lower-case. Setting one of
 * these as a new password is refused (commonPasswordRule in validators.ts); signing in with an existing
 * one still works. A small list on purpose: it ships to the browser with the password forms.
 *
 * The demo accounts' passwords of the README (admin123456, demo123456, edu123456) are deliberately not
 * listed: they are set by the seed, and the end-to-end suite sets demo's back through the form.
 */
const LIST = `
12345678 123456789 1234567890 0123456789 87654321 987654321 9876543210 1234567899 12345678910
11111111 111111111 1111111111 00000000 000000000 0000000000 22222222 33333333 44444444 55555555
66666666 666666666 77777777 88888888 888888888 99999999 999999999 12341234 12121212 11223344
11112222 12344321 123123123 123321123 123456123 123456654321 147258369 147852369 159357258 159753123
123654789 123698745 321654987 741852963 789456123 963852741 31415926 110110110 521521521 520520520
5201314520 1314520520 52013141314 13145201314 1234512345 12348765 24682468 13579246
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pass1234 pass12345
qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwer1234 1234qwer 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
1qaz2wsx 1qaz2wsx3edc 1qazxsw2 zaq12wsx zaq1xsw2 qazwsxedc qazwsx123 1qaz1qaz qweasdzxc qweasd123
123qweasd 123qwe123 qwe123456 asdfghjkl asdfasdf asdf1234 asdasdasd asd123456 zxcvbnm1 zxcvbnm123
zxcvbnmm q1w2e3r4 q1w2e3r4t5 1a2b3c4d a1b2c3d4 abcd1234 abc12345 abc123456 abcdefgh abcdefg1
abc123abc a1234567 a12345678 a123456789 aa123456 aa12345678 aaaaaaaa qqqqqqqq 123456aa 123456abc
123456789a 123456asd 12345qwert 12345abc qq123456 qq12345678 qq123456789 woaini1314 woaini520
woaini123 woaini521 iloveyou iloveyou1 iloveyou2 woshishui dearbook xiazhili zhang123456 wang123456
li123456 liu123456 chen123456 admin123 admin1234 admin12345 admin888 administrator root1234
root123456 test1234 test12345 test123456 guest123 user1234 changeme welcome1 welcome123 letmein1
trustno1 sunshine princess football baseball superman starwars whatever computer internet
michelle jennifer charlie1 shadow12 master12 dragon12 monkey12 11qqaazz 88888888a 1234abcd
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
